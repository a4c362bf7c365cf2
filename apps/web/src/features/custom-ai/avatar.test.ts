import { describe, expect, it } from 'vitest';
import { avatarLook, imageUrl, initials } from './avatar';

describe('avatarLook', () => {
  it('shows an image only for http(s) addresses', () => {
    expect(avatarLook('https://example.com/bot.png', 'Bot')).toEqual({
      kind: 'image',
      url: 'https://example.com/bot.png',
    });
    expect(avatarLook(' http://x.test/a.svg ', 'Bot').kind).toBe('image');
    expect(imageUrl('javascript:alert(1)')).toBeNull();
    expect(imageUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(imageUrl('https://')).toBeNull();
    expect(avatarLook('javascript:alert(1)', 'Bot')).toEqual({ kind: 'text', text: 'ja' });
  });

  it('shows an emoji as it is, whole even when built of several code points', () => {
    expect(avatarLook('🤖', 'Bot')).toEqual({ kind: 'text', text: '🤖' });
    expect(avatarLook('👩‍💻', 'Dev')).toEqual({ kind: 'text', text: '👩‍💻' });
  });

  it('falls back to the initials of the name', () => {
    expect(avatarLook('', 'Support bot')).toEqual({ kind: 'initials', text: 'SB' });
    expect(avatarLook('  ', 'helper')).toEqual({ kind: 'initials', text: 'HE' });
    expect(initials('   ')).toBe('?');
    expect(initials('Ada Byron Lovelace')).toBe('AL');
  });
});
