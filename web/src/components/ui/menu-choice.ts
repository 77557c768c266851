import type { ReactNode } from 'react';

/** One entry of a LazyMenu. */
export interface MenuChoice {
  key: string;
  label: ReactNode;
  onChoose: () => void | Promise<void>;
  selected?: boolean;
  lang?: string;
}
