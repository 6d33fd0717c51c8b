import { SelectField } from './SelectField';

/** The developer AI of `?aiDev=true`: moves come from the local AI server's model. */
export interface DevAi {
  connected: boolean; // the AI server on port 5000 answered
  models: string[]; // e.g. ['expert', 'hard']
  model: string; // the model in use
  onModel(model: string): void;
}

/** The settings panel's developer-only section (SPEC §2): status, model chooser, start hint. */
export function DevAiSection({ devAi }: { devAi: DevAi }) {
  // The chosen model stays selectable even when the server has not listed it (yet).
  const models = devAi.models.includes(devAi.model) ? devAi.models : [devAi.model, ...devAi.models];
  return (
    <section className="settings-dev-ai" aria-labelledby="settings-dev-ai-title">
      <h3 id="settings-dev-ai-title">AI Dev Mode</h3>
      <p className="settings-dev-ai-status">
        <span className={devAi.connected ? 'status-dot connected' : 'status-dot'} aria-hidden="true" />
        {devAi.connected ? 'Connected' : 'Not connected'}
      </p>
      <SelectField
        label="AI Model"
        value={devAi.model}
        options={models.map((model) => ({ value: model, label: model }))}
        onChange={devAi.onModel}
      />
      {!devAi.connected && (
        <p className="settings-hint">
          Start it with <code>npm run ai-server</code>
        </p>
      )}
    </section>
  );
}
