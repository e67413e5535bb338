import { useEffect } from 'react';

const APP_NAME = 'Babe — Construction Manager';

/** Sets the tab title for the current screen ("Sign In · Babe — Construction Manager"). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
