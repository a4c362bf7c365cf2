import { describe, expect, it } from 'vitest';
import { parseTab, tabQuery, visibleTabs } from './settings-tabs';

describe('settings tabs', () => {
  it('reads the tab from the URL, falling back to general', () => {
    expect(parseTab('providers', false)).toBe('providers');
    expect(parseTab('nope', false)).toBe('general');
    expect(parseTab(null, true)).toBe('general');
  });

  it('offers model prices to admins only', () => {
    expect(parseTab('model-prices', false)).toBe('general');
    expect(parseTab('model-prices', true)).toBe('model-prices');
    expect(visibleTabs(false).map((tab) => tab.id)).not.toContain('model-prices');
  });

  it('keeps /settings clean for the first tab', () => {
    expect(tabQuery('general').toString()).toBe('');
    expect(tabQuery('api-keys').toString()).toBe('tab=api-keys');
  });
});
