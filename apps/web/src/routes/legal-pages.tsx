import { LegalDocument, type LegalDocumentKind } from '../features/legal/components/legal-document';
import { useSession } from '../lib/session';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';

/** Inside the main layout for signed-in users, standalone for visitors (customer-area §2). */
function LegalPage({ kind }: { kind: LegalDocumentKind }) {
  const { authenticated } = useSession();
  return authenticated ? (
    <AppLayout>
      <LegalDocument kind={kind} />
    </AppLayout>
  ) : (
    <PublicLayout card={false} width={820}>
      <LegalDocument kind={kind} />
    </PublicLayout>
  );
}

/** /terms. */
export function TermsPage() {
  return <LegalPage kind="terms" />;
}

/** /privacy. */
export function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}
