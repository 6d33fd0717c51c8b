/**
 * The stack of open dialog layers (modals, the settings panel). A modal can open on top of the
 * settings panel (the unlock modal does), so Escape and Tab must reach only the topmost layer,
 * and the page may scroll again only when the last layer closes. Pure bookkeeping: the DOM side
 * lives in useDialogLayer.
 */
export interface Layer {
  onEscape(): void; // what Escape does in this layer, e.g. close it
}

export interface LayerStack<L extends Layer = Layer> {
  push(layer: L): () => void; // returns the function that removes the layer again
  top(): L | undefined;
  size(): number;
}

/** A fresh stack; `onChange(size)` runs after each push and removal (the scroll lock follows it). */
export function createLayerStack<L extends Layer = Layer>(onChange: (size: number) => void = () => {}): LayerStack<L> {
  const layers: L[] = [];
  return {
    push(layer) {
      layers.push(layer);
      onChange(layers.length);
      let removed = false;
      return () => {
        if (removed) return; // React may run a cleanup twice in development
        removed = true;
        const index = layers.lastIndexOf(layer);
        if (index >= 0) layers.splice(index, 1);
        onChange(layers.length);
      };
    },
    top: () => layers.at(-1),
    size: () => layers.length,
  };
}
