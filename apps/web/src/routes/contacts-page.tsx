import { Contacts } from '../features/pages/components/contacts';

/** /contacts: support's channels, the personal manager and a message form. */
export function ContactsPage() {
  return <Contacts />;
}
