import { describe, expect, it } from 'vitest';
import { createLayerStack } from './layerStack';

describe('dialog layer stack', () => {
  it('sends Escape to the topmost layer only (the unlock modal above the settings panel)', () => {
    const closed: string[] = [];
    const stack = createLayerStack();
    stack.push({ onEscape: () => closed.push('settings') });
    const removeModal = stack.push({ onEscape: () => closed.push('unlock') });
    stack.top()?.onEscape();
    expect(closed).toEqual(['unlock']);
    removeModal();
    stack.top()?.onEscape();
    expect(closed).toEqual(['unlock', 'settings']);
  });

  it('reports its size so the page scrolls again only when the last layer closes', () => {
    const sizes: number[] = [];
    const stack = createLayerStack((size) => sizes.push(size));
    const removeA = stack.push({ onEscape() {} });
    const removeB = stack.push({ onEscape() {} });
    removeA();
    removeA(); // a second cleanup changes nothing
    removeB();
    expect(sizes).toEqual([1, 2, 1, 0]);
    expect(stack.top()).toBeUndefined();
  });
});
