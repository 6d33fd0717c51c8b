import { useEffect, useRef, type RefObject } from 'react';
import { createLayerStack, type Layer } from './layerStack';

interface DomLayer extends Layer {
  root(): HTMLElement | null; // the dialog element Tab stays inside
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let savedOverflow = '';

/** Every open layer shares one stack: the body stops scrolling while any layer is open. */
const stack = createLayerStack<DomLayer>((size) => {
  const body = document.body;
  if (size > 0 && body.dataset.scrollLocked !== 'true') {
    savedOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    body.dataset.scrollLocked = 'true';
  } else if (size === 0) {
    body.style.overflow = savedOverflow;
    delete body.dataset.scrollLocked;
  }
});

/** Keeps Tab and Shift+Tab cycling inside the dialog, as aria-modal promises. */
function keepTabInside(event: KeyboardEvent, root: HTMLElement): void {
  const focusables = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const first = focusables[0];
  const last = focusables.at(-1);
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    root.focus();
  } else if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

function onKeyDown(event: KeyboardEvent): void {
  const layer = stack.top();
  if (!layer) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    layer.onEscape();
  } else if (event.key === 'Tab') {
    const root = layer.root();
    if (root) keepTabInside(event, root);
  }
}

let listening = false;

/**
 * While `open`: registers the dialog as the topmost layer (Escape calls `onEscape`, Tab stays
 * inside `rootRef`), locks page scrolling and moves focus into the dialog (to the element marked
 * `data-autofocus`, else the dialog itself). On close, focus returns where it was.
 */
export function useDialogLayer(open: boolean, rootRef: RefObject<HTMLElement | null>, onEscape: () => void): void {
  // The latest callback, without re-registering the layer (which would move focus) on each render.
  const escapeRef = useRef(onEscape);
  useEffect(() => {
    escapeRef.current = onEscape;
  });

  useEffect(() => {
    if (!open) return;
    if (!listening) {
      document.addEventListener('keydown', onKeyDown);
      listening = true;
    }
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const remove = stack.push({ onEscape: () => escapeRef.current(), root: () => rootRef.current });
    const root = rootRef.current;
    (root?.querySelector<HTMLElement>('[data-autofocus]') ?? root)?.focus();
    return () => {
      remove();
      if (previous?.isConnected) previous.focus();
    };
  }, [open, rootRef]);
}
