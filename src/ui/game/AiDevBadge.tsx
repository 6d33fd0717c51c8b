/**
 * AI development mode (?aiDev=true): checks the local AI server and shows the
 * badge 'AI Dev Mode' with the model when connected, a warning icon otherwise.
 */
import { useEffect, useState } from 'react';
import { AI_SERVER_HINT, checkAiServer } from '../../services/aiDevServer';

export interface AiDevState {
  checked: boolean;
  connected: boolean;
  models: string[];
  model: string;
  onModel(model: string): void;
}

export function useAiDev(enabled: boolean): AiDevState {
  const [status, setStatus] = useState({ checked: false, connected: false, models: [] as string[] });
  const [model, setModel] = useState('');
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void checkAiServer().then((s) => {
      if (!current) return;
      setStatus({ checked: true, ...s });
      setModel((m) => m || (s.models[0] ?? ''));
    });
    return () => {
      current = false;
    };
  }, [enabled]);
  return { ...status, model, onModel: setModel };
}

export function AiDevBadge({ status }: { status: AiDevState }) {
  if (status.connected) {
    return (
      <span className="ai-dev-badge" data-testid="ai-dev-badge">
        AI Dev Mode <span className="ai-dev-model">{status.model}</span>
      </span>
    );
  }
  return (
    <span className="ai-dev-warning" role="img" aria-label={AI_SERVER_HINT} title={AI_SERVER_HINT} data-testid="ai-dev-warning">
      <WarningIcon />
    </span>
  );
}

/** Drawn rather than the ⚠️ emoji: not every system has a colour emoji font. */
function WarningIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" aria-hidden="true" focusable="false" style={{ verticalAlign: '-0.2em' }}>
      <path d="M12 2.8 22.4 20.8H1.6Z" fill="#f2b01e" stroke="#8a5a00" strokeWidth="1.2" strokeLinejoin="round" />
      <path d="M12 9v5.5" stroke="#2b1d00" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="12" cy="17.6" r="1.3" fill="#2b1d00" />
    </svg>
  );
}
