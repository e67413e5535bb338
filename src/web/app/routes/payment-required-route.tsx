import { Navigate, useLocation } from 'react-router';
import {
  isPaymentReturn,
  PaymentRequiredPage,
} from '@/web/features/subscription/pages/payment-required-page';
import { accessOf } from '@/web/lib/access';
import { useRequiredUser } from '../session';

/**
 * A user whose subscription is fine has nothing to pay and goes home — except on the
 * return from checkout, which shows its own progress and welcome before going home.
 */
export function PaymentRequiredRoute() {
  const user = useRequiredUser();
  const location = useLocation();
  if (accessOf(user) === 'allowed' && !isPaymentReturn(location.search, location.state)) {
    return <Navigate to="/" replace />;
  }
  return <PaymentRequiredPage user={user} />;
}
