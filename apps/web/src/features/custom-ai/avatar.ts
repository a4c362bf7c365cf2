/** What a custom AI's free-text avatar shows: a picture, the text itself (an emoji), or initials. */
export type TAvatarLook =
  | { kind: 'image'; url: string }
  | { kind: 'text'; text: string }
  | { kind: 'initials'; text: string };

/** At most this many characters of a text avatar fit in the circle. */
const MAX_AVATAR_GRAPHEMES = 2;

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
    (part) => part.segment,
  );

/** Only http(s) addresses become an image: `javascript:` or `data:` text is never loaded. */
export function imageUrl(avatar: string): string | null {
  const text = avatar.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** "Support Bot" → "SB", "Helper" → "HE": one or two letters that tell assistants apart. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters =
    words.length === 1
      ? graphemes(words[0]!).slice(0, 2)
      : [words[0]!, words.at(-1)!].map((word) => graphemes(word)[0] ?? '');
  return letters.join('').toUpperCase();
}

export function avatarLook(avatar: string, name: string): TAvatarLook {
  const url = imageUrl(avatar);
  if (url) return { kind: 'image', url };
  const text = avatar.trim();
  if (text) return { kind: 'text', text: graphemes(text).slice(0, MAX_AVATAR_GRAPHEMES).join('') };
  return { kind: 'initials', text: initials(name) };
}
