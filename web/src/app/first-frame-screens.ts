import { accountsFrame } from '../features/accounts/first-frame';
import { planFrame } from '../features/media-plan/first-frame';
import { payablesFrame } from '../features/payables/first-frame';
import type { FrameScreen } from '../lib/first-frame/screen';

/** The screens whose last visit's frame is drawn before the console starts (lib/first-frame), in one place. */
export const FRAME_SCREENS: readonly FrameScreen[] = [accountsFrame, payablesFrame, planFrame];
