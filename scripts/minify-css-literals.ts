import type { Plugin } from 'vite';

/**
 * Minifies the CSS of Lit's css`...` templates in the project's own sources at build time: comments
 * go, and whitespace shrinks to what CSS needs. Lit keeps those templates verbatim, so without this
 * the page would ship every indent and comment of its styles. Only templates without `${}` are
 * touched (the project's styles have none), so nothing computed can change.
 */
export function minifyCssLiterals(): Plugin {
  return {
    name: 'minify-css-literals',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !code.includes('css`')) return null;
      let changed = false;
      const out = code.replace(/\bcss`([^`$\\]*)`/g, (_, body: string) => {
        changed = true;
        return `css\`${minifyCss(body)}\``;
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

/** Strips comments and needless whitespace from a style sheet (no strings with braces in ours). */
export function minifyCss(css: string): string {
  return (
    css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,>])\s*/g, '$1')
      // Not before a colon: `.card :focus` and `.card:focus` are different selectors.
      .replace(/:\s+/g, ':')
      .replace(/;}/g, '}')
      .trim()
  );
}
