import { ResellersProgram } from '../features/pages/components/resellers-program';

/** /resellers-program: the criteria, the request's status and the application form. */
export function ResellersProgramPage() {
  return <ResellersProgram />;
}
