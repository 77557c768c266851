import { FRAME_SCREENS } from './app/first-frame-screens';
import { startFirstFrame } from './lib/first-frame/start';

// A script of its own, ahead of the console's entry (vite.config.mts): it loads no component and
// draws the opened screen's kept frame (lib/first-frame/start.ts) while the console's code starts.
startFirstFrame(FRAME_SCREENS, window.location);
