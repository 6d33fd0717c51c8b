import { useId } from 'react';
import { setShowCoordinates, useShowCoordinates } from '../board/coordinatesPreference';

/**
 * "Show coordinates": the letters and numbers on the board's edges. A display choice, not a rule,
 * so it applies at once and is remembered on this device, like the theme, without a new game.
 */
export function CoordinatesField() {
  const id = useId();
  const shown = useShowCoordinates();
  return (
    <div className="settings-field settings-check">
      <label htmlFor={id}>
        <input id={id} type="checkbox" checked={shown} onChange={(event) => setShowCoordinates(event.target.checked)} />
        Show coordinates
      </label>
    </div>
  );
}
