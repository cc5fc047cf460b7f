import { BonusProgram } from '../features/bonus-program/components/bonus-program';

/** /bonus-program: the rules and the submission forms. */
export function BonusProgramPage() {
  return <BonusProgram />;
}
