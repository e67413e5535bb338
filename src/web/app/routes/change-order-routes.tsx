import { useParams } from 'react-router';
import { ChangeOrderPage } from '@/web/features/change-orders/pages/change-order-page';
import { ProjectChangeOrdersPage } from '@/web/features/change-orders/pages/project-change-orders-page';
import { SignChangeOrderPage } from '@/web/features/change-orders/pages/sign-change-order-page';
import { managesCompany } from '@/web/lib/access';
import { useRequiredUser } from '../session';

function StaffChangeOrders({ changeOrderId }: { changeOrderId: string | undefined }) {
  const user = useRequiredUser();
  if (!changeOrderId) return <ProjectChangeOrdersPage />;
  return <ChangeOrderPage key={changeOrderId} manager={managesCompany(user)} />;
}

/**
 * The change order screens, one download and one screen entry (each one the app's entry names costs
 * the landing page bytes it has none of to spare): /sign/:token, the client's signing page (no staff
 * session); /projects/:projectId/change-orders[/:changeOrderId], the project's change orders or one
 * of them, whose sending, paper approval and voiding are offered to owners and admins.
 */
export function ChangeOrdersRoute() {
  const { token, changeOrderId } = useParams();
  if (token !== undefined) return <SignChangeOrderPage />;
  return <StaffChangeOrders changeOrderId={changeOrderId} />;
}
