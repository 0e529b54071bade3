// GLSL text made smaller without changing what a GPU compiles from it: comments and needless
// whitespace go, and the branches of #if / #ifdef / #ifndef that name a macro known to be undefined
// go with their directives (three.js's shader chunks are mostly such branches, one per feature a
// material may turn on). Used by three-trim.ts on three's shaders.

/** A condition's value when some macros are known to be undefined: true, false, or left to the GPU's preprocessor. */
type Truth = boolean | 'unknown';

const not = (a: Truth): Truth => (a === 'unknown' ? a : !a);
const and = (a: Truth, b: Truth): Truth =>
  a === false || b === false ? false : a === true && b === true ? true : 'unknown';
const or = (a: Truth, b: Truth): Truth =>
  a === true || b === true ? true : a === false && b === false ? false : 'unknown';

/** What is known of the macros a shader is compiled with. */
export interface KnownMacros {
  /** Never defined. */
  undefined: ReadonlySet<string>;
  /** Always 0 (three's light counts, which it writes into the text before compiling). */
  zero: ReadonlySet<string>;
}

/**
 * The value of a preprocessor condition (`#if`'s expression) given what is known of the macros.
 * Only `defined`, `!`, `&&`, `||`, parentheses and `COUNT > 0` are understood; anything else (another
 * comparison, a number, a macro's value) is 'unknown', and so is a whole that depends on it.
 */
export function evaluateCondition(expression: string, known: KnownMacros): Truth {
  const tokens = expression.match(/&&|\|\||[()!]|[A-Za-z_]\w*|\d[\w.]*|[^\s()!&|\w]+|[&|]/g) ?? [];
  let at = 0;
  const peek = (): string | undefined => tokens[at];
  // An operand that is not `defined(...)`: everything up to the next && || or unmatched ')'.
  const opaque = (): Truth => {
    const start = at;
    let depth = 0;
    while (at < tokens.length) {
      const token = tokens[at]!;
      if (depth === 0 && (token === '&&' || token === '||' || token === ')')) break;
      if (token === '(') depth++;
      if (token === ')') depth--;
      at++;
    }
    const [name, op, value, ...rest] = tokens.slice(start, at);
    return known.zero.has(name!) && op === '>' && value === '0' && rest.length === 0 ? false : 'unknown';
  };
  const primary = (): Truth => {
    const token = peek();
    if (token === '!') {
      // `!` binds tighter than a comparison: `! A == B` is left whole to the GPU.
      at++;
      return not(primary());
    }
    if (token === '(') {
      const start = at++;
      const value = orExpression();
      if (peek() !== ')') {
        at = start;
        return opaque();
      }
      at++;
      return continues() ? (opaque(), 'unknown') : value;
    }
    if (token === 'defined') {
      at++;
      const parens = peek() === '(';
      if (parens) at++;
      const name = tokens[at++] ?? '';
      if (parens && tokens[at++] !== ')') return 'unknown';
      const value = known.undefined.has(name) ? false : 'unknown';
      return continues() ? (opaque(), 'unknown') : value;
    }
    return opaque();
  };
  // Whether an operand is followed by more than && || or ')' (a comparison: `defined(A) == 1`).
  const continues = (): boolean => at < tokens.length && !['&&', '||', ')'].includes(tokens[at]!);
  const andExpression = (): Truth => {
    let value = primary();
    while (peek() === '&&') {
      at++;
      value = and(value, primary());
    }
    return value;
  };
  const orExpression = (): Truth => {
    let value = andExpression();
    while (peek() === '||') {
      at++;
      value = or(value, andExpression());
    }
    return value;
  };
  const value = orExpression();
  return at === tokens.length ? value : 'unknown';
}

/** One branch of a conditional group: its directive line (null for `#else`) and its lines. */
interface Branch {
  directive: string | null;
  truth: Truth;
  lines: string[];
}

const DIRECTIVE = /^\s*#\s*(ifdef|ifndef|if|elif|else|endif)\b\s*(.*)$/;

/** The truth of an opening or #elif directive's condition. */
function truthOf(kind: string, rest: string, known: KnownMacros): Truth {
  if (kind === 'ifdef') return known.undefined.has(rest.trim()) ? false : 'unknown';
  if (kind === 'ifndef') return known.undefined.has(rest.trim()) ? true : 'unknown';
  return evaluateCondition(rest, known);
}

/**
 * Removes the branches that can never be compiled given what is `known` of the macros, and the
 * directives of a branch that always is; branches that depend on anything else are kept as they are.
 * @throws Error when the #if / #endif lines do not pair up
 */
export function stripBranches(glsl: string, known: KnownMacros): string {
  const lines = glsl.split('\n');
  let at = 0;
  // The lines up to the #elif / #else / #endif closing the current group (or the end).
  const block = (): string[] => {
    const out: string[] = [];
    while (at < lines.length) {
      const line = lines[at]!;
      const match = DIRECTIVE.exec(line);
      if (match && ['elif', 'else', 'endif'].includes(match[1]!)) return out;
      at++;
      if (match) out.push(...group(match[1]!, match[2]!, line));
      else out.push(line);
    }
    return out;
  };
  const group = (kind: string, rest: string, line: string): string[] => {
    const branches: Branch[] = [{ directive: line, truth: truthOf(kind, rest, known), lines: block() }];
    for (;;) {
      const closing = lines[at];
      const match = closing === undefined ? null : DIRECTIVE.exec(closing);
      if (!match) throw new Error(`GLSL: #${kind} ${rest.trim()} has no #endif`);
      at++;
      if (match[1] === 'endif') break;
      const truth = match[1] === 'else' ? true : truthOf('if', match[2]!, known);
      branches.push({ directive: match[1] === 'else' ? null : closing!, truth, lines: block() });
    }
    // Branches never taken go; the first always taken ends the group (what follows it never is).
    const kept: Branch[] = [];
    for (const branch of branches) {
      if (branch.truth === false) continue;
      kept.push(branch);
      if (branch.truth === true) break;
    }
    if (kept.length === 0) return [];
    if (kept[0]!.truth === true) return kept[0]!.lines;
    const out: string[] = [];
    kept.forEach((branch, i) => {
      if (i === 0) out.push(asOpening(branch.directive!));
      else out.push(branch.truth === true ? '#else' : branch.directive!);
      out.push(...branch.lines);
    });
    out.push('#endif');
    return out;
  };
  const out = block();
  if (at < lines.length) throw new Error(`GLSL: ${lines[at]!.trim()} without its #if`);
  return out.join('\n');
}

/** A branch's directive as the opening of its group: an #elif that now comes first becomes an #if. */
function asOpening(directive: string): string {
  return directive.replace(/^(\s*#\s*)elif\b/, '$1if');
}

/**
 * GLSL without comments, indentation, blank lines or spaces next to punctuation. Lines stay lines:
 * directives end at the line's end, and three.js finds `#include` and `#pragma unroll_loop` by line.
 * A directive line keeps its inner spaces (`#define F (x)` is not `#define F(x)`).
 */
export function minifyGlsl(glsl: string): string {
  return glsl
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, '')
    .split('\n')
    .map((line) => {
      const text = line.replace(/[ \t\r]+/g, ' ').trim();
      return text.startsWith('#') ? text : text.replace(/ ?([(){}[\],;]) ?/g, '$1');
    })
    .filter((line) => line !== '')
    .join('\n');
}
