import { useState } from 'react';

/**
 * How many times a modal has opened: the key of its form, so each opening starts a fresh form (the old
 * one stays on screen while the modal fades out).
 */
export function useOpenings(opened: boolean): number {
  const [openings, setOpenings] = useState(opened ? 1 : 0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpenings(openings + 1);
  }
  return openings;
}
