import { ContactSupportPage } from '@/web/features/support/pages/contact-support-page';
import { useSessionUser } from '../session';

/** Signed in, the feedback form takes the name and email from the session. */
export function ContactSupportRoute() {
  return <ContactSupportPage user={useSessionUser()} />;
}
