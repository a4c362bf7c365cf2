import type { Plugin } from 'vite';

const THEME = /primereact[\\/]resources[\\/]themes[\\/][^/\\]+[\\/]theme\.css/;

/**
 * Drops the `@font-face` rules of the PrimeReact themes: they point at the full Inter font
 * (337 KiB, every script). `src/styles/fonts.css` declares the same family in its Latin subset.
 */
export function themeFontsPlugin(): Plugin {
  return {
    name: 'flowsmith:theme-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!THEME.test(id)) return undefined;
      return { code: code.replace(/@font-face\s*\{[^}]*\}/g, ''), map: null };
    },
  };
}
