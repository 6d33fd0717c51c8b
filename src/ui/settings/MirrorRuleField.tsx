import { useId } from 'react';
import { MIRROR_RULE_EXPLAINED, MIRROR_RULE_LABEL } from '../../game/mirrorRule';

/**
 * The "No mirroring" checkbox of the settings panel, its explanation under it. Off by default on
 * one device, where nothing is rated; the engine then refuses a move that copies the opponent's cells.
 */
export function MirrorRuleField({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div className="settings-field settings-check" title={MIRROR_RULE_EXPLAINED}>
      <label htmlFor={id}>
        <input id={id} type="checkbox" checked={checked} aria-describedby={`${id}-explained`} onChange={(event) => onChange(event.target.checked)} />
        {MIRROR_RULE_LABEL}
      </label>
      <p id={`${id}-explained`} className="settings-explained">
        {MIRROR_RULE_EXPLAINED}
      </p>
    </div>
  );
}
