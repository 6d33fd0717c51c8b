// The settings panel's "No mirroring" checkbox: labelled with the option's name, explained by the rule's sentence.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MIRROR_RULE_EXPLAINED, MIRROR_RULE_LABEL } from '../../game/mirrorRule';
import { MirrorRuleField } from './MirrorRuleField';

const escaped = (text: string) => text.replace(/'/g, '&#x27;');

describe('the No mirroring checkbox', () => {
  it('is labelled "No mirroring", described by the rule, and ticked only when the setting is on', () => {
    const off = renderToStaticMarkup(<MirrorRuleField checked={false} onChange={() => {}} />);
    expect(off).toMatch(new RegExp(`<label for="([^"]+)"><input id="\\1" type="checkbox" aria-describedby="\\1-explained"/>${MIRROR_RULE_LABEL}</label>`));
    expect(off).toContain(`-explained" class="settings-explained">${escaped(MIRROR_RULE_EXPLAINED)}</p>`);
    expect(off).not.toContain('checked=');
    expect(renderToStaticMarkup(<MirrorRuleField checked onChange={() => {}} />)).toMatch(/type="checkbox" aria-describedby="[^"]+" checked=""\/>/);
  });
});
