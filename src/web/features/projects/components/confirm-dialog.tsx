/** The yes/no question before a delete is shared by every feature. */
export { ConfirmDialog } from '@/web/components/confirm-dialog';
