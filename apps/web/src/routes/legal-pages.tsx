import { lazy, Suspense } from 'react';
import { PageLoader } from '../components/page-loader';
import { LegalDocument, type LegalDocumentKind } from '../features/legal/components/legal-document';
import { useSession } from '../lib/session';
import { PublicLayout } from './layouts/public-layout';

// Only signed-in readers need the main layout: visitors (and the sign-in page's entry) never load it.
const AppLayout = lazy(() => import('./layouts/app-layout').then((m) => ({ default: m.AppLayout })));

/** Inside the main layout for signed-in users, standalone for visitors (customer-area §2). */
function LegalPage({ kind }: { kind: LegalDocumentKind }) {
  const { authenticated } = useSession();
  return authenticated ? (
    <Suspense fallback={<PageLoader />}>
      <AppLayout>
        <LegalDocument kind={kind} />
      </AppLayout>
    </Suspense>
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
