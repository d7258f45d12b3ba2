import './store.css';
import { createRoot } from 'react-dom/client';
import { StoreApp } from './App.tsx';
import { readConfig } from './config.ts';

/** The storefront's entry (store.html): a shop on its own, with nothing of the back office. */
createRoot(document.getElementById('root')!).render(<StoreApp config={readConfig()} />);
