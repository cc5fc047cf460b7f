import { StartingChecklist } from '../features/pages/components/starting-checklist';

/** /starting: the first-steps checklist. */
export function StartingPage() {
  return <StartingChecklist />;
}
