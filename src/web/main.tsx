import './index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { isPrerenderedSignedOut } from './app/prerendered';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A page the build drew ahead (the landing page) is taken over as it is; any other is drawn here.
if (isPrerenderedSignedOut(root)) hydrateRoot(root, app);
else createRoot(root).render(app);
