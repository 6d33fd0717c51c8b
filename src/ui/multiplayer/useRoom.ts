/** The shared room actor and its context, for the multiplayer pages. */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { roomActor } from './roomActor';

export function useRoom() {
  const [actor] = useState(roomActor);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const busy = useSelector(actor, (snapshot) => snapshot.matches({ request: 'busy' }));
  return { actor, context, busy, send: actor.send };
}
