/** Entry of the web app (index.html): every page but the pre-rendered `/` (landing.tsx). */
import { startApp } from './app/start';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
startApp(root);
