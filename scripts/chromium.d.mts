import type { Browser } from '@playwright/test';

/** Flags that make headless Chromium use software WebGL (SwiftShader) and stay off the network. */
export declare const CHROMIUM_ARGS: string[];
/** Path of a Chromium binary, or undefined when none is installed. */
export declare function findChromium(): string | undefined;
/** Headless Chromium with CHROMIUM_ARGS; rejects with a hint when none is installed. */
export declare function launchChromium(): Promise<Browser>;
