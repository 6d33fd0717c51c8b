import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { loadEngine } from '../engine/load';
import { EngineCheckPage } from '../ui/EngineCheckPage';

/** Defined once at module level so the page's load effect runs once, not on every render. */
const load = () => loadEngine();

/** Routes of the client. Every path shows the engine check until the game screens exist. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<EngineCheckPage loadEngine={load} />} />
      </Routes>
    </BrowserRouter>
  );
}
