import { describe, expect, it } from 'vitest';
import { evaluateCondition, minifyGlsl, stripBranches } from '../../scripts/glsl-trim.js';

const off = { undefined: new Set(['USE_FOG', 'USE_SHEEN']), zero: new Set(['NUM_POINT_LIGHTS']) };

describe('trimming GLSL', () => {
  it('knows a condition only as far as the macros known to be undefined decide it', () => {
    expect(evaluateCondition('defined( USE_FOG )', off)).toBe(false);
    expect(evaluateCondition('defined USE_FOG', off)).toBe(false);
    expect(evaluateCondition('! defined( USE_FOG )', off)).toBe(true);
    expect(evaluateCondition('defined( USE_MAP )', off)).toBe('unknown');
    expect(evaluateCondition('defined( USE_FOG ) || defined( USE_SHEEN )', off)).toBe(false);
    expect(evaluateCondition('defined( USE_FOG ) || defined( USE_MAP )', off)).toBe('unknown');
    expect(evaluateCondition('defined( USE_FOG ) && defined( USE_MAP )', off)).toBe(false);
    expect(evaluateCondition('( defined( USE_MAP ) && ! defined( USE_FOG ) )', off)).toBe('unknown');
    expect(evaluateCondition('NUM_DIR_LIGHTS > 0 && defined( USE_SHEEN )', off)).toBe(false);
    expect(evaluateCondition('NUM_DIR_LIGHTS > 0 || ! defined( USE_SHEEN )', off)).toBe(true);
    expect(evaluateCondition('NUM_POINT_LIGHTS > 0', off)).toBe(false);
    expect(evaluateCondition('( NUM_POINT_LIGHTS > 0 ) && defined( USE_MAP )', off)).toBe(false);
    expect(evaluateCondition('NUM_POINT_LIGHTS > 0 || NUM_DIR_LIGHTS > 0', off)).toBe('unknown');
    // Anything but defined(), !, &&, ||, parentheses and a count known to be 0 is left to the GPU.
    expect(evaluateCondition('NUM_POINT_LIGHTS == 0', off)).toBe('unknown');
    expect(evaluateCondition('NUM_DIR_LIGHTS > 0', off)).toBe('unknown');
    expect(evaluateCondition('defined( USE_FOG ) == 0', off)).toBe('unknown');
    expect(evaluateCondition('( NUM_DIR_LIGHTS ) > 0', off)).toBe('unknown');
  });

  it('removes the branches never compiled, and the directives of those always compiled', () => {
    const glsl = [
      'a;',
      '#ifdef USE_FOG',
      'fog;',
      '#ifdef USE_MAP',
      'fogmap;',
      '#endif',
      '#else',
      'nofog;',
      '#endif',
      '#ifndef USE_SHEEN',
      'nosheen;',
      '#endif',
      '#if defined( USE_SHEEN )',
      'sheen;',
      '#elif defined( USE_MAP )',
      'map;',
      '#elif defined( USE_FOG )',
      'fog2;',
      '#else',
      'plain;',
      '#endif',
      '#ifdef USE_MAP',
      'map2;',
      '#elif defined( USE_FOG )',
      'fog3;',
      '#endif',
      'z;',
    ].join('\n');
    expect(stripBranches(glsl, off).split('\n')).toEqual([
      'a;',
      'nofog;',
      'nosheen;',
      '#if defined( USE_MAP )',
      'map;',
      '#else',
      'plain;',
      '#endif',
      '#ifdef USE_MAP',
      'map2;',
      '#endif',
      'z;',
    ]);
  });

  it('fails on an #if without its #endif, or an #endif without its #if', () => {
    expect(() => stripBranches('#ifdef USE_MAP\nx;', off)).toThrow(/no #endif/);
    expect(() => stripBranches('x;\n#endif', off)).toThrow(/without its #if/);
  });

  it('drops comments and whitespace, keeping lines, directives and what separates tokens', () => {
    const glsl = `
      // the light
      #define RE_Direct\t\tRE_Direct_Physical
      #define F (x)
      /* a block
         comment */
      vec3 f( const in vec3 a, float b ) {
      \treturn a * b - -b; // minus minus
      }
      #pragma unroll_loop_start
      for ( int i = 0; i < 3; i ++ ) {
        x[ i ] = 1.0;
      }
      #pragma unroll_loop_end
    `;
    expect(minifyGlsl(glsl).split('\n')).toEqual([
      '#define RE_Direct RE_Direct_Physical',
      '#define F (x)',
      'vec3 f(const in vec3 a,float b){',
      'return a * b - -b;',
      '}',
      '#pragma unroll_loop_start',
      'for(int i = 0;i < 3;i ++){',
      'x[i]= 1.0;',
      '}',
      '#pragma unroll_loop_end',
    ]);
  });
});
