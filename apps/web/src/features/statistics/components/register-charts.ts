import { BarElement, CategoryScale, Chart, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';

// Only what the Sessions (line) and Feedback (bar) charts use, so the rest of chart.js is left out of the bundle.
Chart.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, BarElement, Tooltip, Legend);
