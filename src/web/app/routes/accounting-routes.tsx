import { Navigate, useParams } from 'react-router';
import { AccountingSettingsPage } from '@/web/features/accounting/pages/accounting-settings-page';
import { ProjectInvoicesPage } from '@/web/features/accounting/pages/project-invoices-page';
import { managesCompany } from '@/web/lib/access';
import { useRequiredUser } from '../session';

/**
 * The accounting screens, one download and one screen entry (the landing page carries the entry and
 * has no bytes to spare): /projects/:projectId/invoices, whose approving is offered to owners and
 * admins; /settings/accounting, for the company's owner and admins only (the API refuses anyone else).
 */
export function AccountingRoute() {
  const user = useRequiredUser();
  const manager = managesCompany(user);
  if (useParams().projectId) return <ProjectInvoicesPage manager={manager} />;
  if (!manager) return <Navigate to="/projects" replace />;
  return <AccountingSettingsPage />;
}
