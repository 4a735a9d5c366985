/** Entry: read site information (language default, title, logos), then render the portal. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './locales/i18n.ts';
import './styles.css';
import { App } from './app/App.tsx';
import { loadSite } from './app/session.ts';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

void loadSite().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
