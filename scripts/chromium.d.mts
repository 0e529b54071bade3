import type { Browser } from '@playwright/test';

/** Flags that make headless Chromium use software WebGL (SwiftShader) and stay off the network. */
export declare const CHROMIUM_ARGS: string[];
/** Path of a Chromium binary, or undefined when none is installed. */
export declare function findChromium(): string | undefined;
/** The flag that composites on the CPU, as Chrome does without a GPU (SwiftShader draws WebGL only). */
export declare const SOFTWARE_COMPOSITING_ARGS: string[];
/** Headless Chromium with CHROMIUM_ARGS and `extraArgs`; rejects with a hint when none is installed. */
export declare function launchChromium(extraArgs?: readonly string[]): Promise<Browser>;
