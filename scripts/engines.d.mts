/** A program the Firefox and WebKit smoke tests need, with the Debian packages that bring it. */
export interface EngineProgram {
  name: 'xvfb' | 'firefox' | 'webkitDriver' | 'miniBrowser';
  /** The environment variable that points to it elsewhere. */
  env: string;
  /** The Debian packages to install for it. */
  packages: string[];
  candidates(): string[];
}
/** The programs the smoke tests need. */
export declare const ENGINE_PROGRAMS: EngineProgram[];
/** Path of one program, or undefined when it is not installed. */
export declare function findProgram(name: EngineProgram['name']): string | undefined;
/** The programs that are missing. */
export declare function missingPrograms(): EngineProgram[];
