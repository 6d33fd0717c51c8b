import { loadEngine } from '../engine/load';
import { EngineCheckPage } from '../ui/EngineCheckPage';

const load = () => loadEngine();

/** /engine: the engine's self-check in the browser, for developers. */
export default function EngineCheckRoute() {
  return <EngineCheckPage loadEngine={load} />;
}
