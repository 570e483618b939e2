/** The page's entry: pick the transport, then draw. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setApi } from './lib/api';
import { connectApi } from './lib/connect';
import './styles.css';

setApi(connectApi());

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
