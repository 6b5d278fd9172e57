import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { barWidths, type ChartDatum, linePoints } from './chart-geometry';

const BOX = { width: 320, height: 160, padding: 16 };

interface ChartProps {
  title: string;
  /** The chart in words (its text alternative): what it shows and where it ends. */
  description: string;
  data: readonly ChartDatum[];
  labelHeader: string;
  valueHeader: string;
  testId: string;
}

/** The table behind a chart: the same figures, for screen readers and for reading exact values. */
function ChartTable({
  data,
  labelHeader,
  valueHeader,
  caption,
}: Omit<ChartProps, 'description' | 'testId' | 'title'> & { caption: string }) {
  const { t } = useTranslation('statistics');
  return (
    <details className="stats-chart__details">
      <summary>{t('chart.showTable')}</summary>
      <div className="stats-table-wrap">
        <table className="stats-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.key}>
                <th scope="row">{d.label}</th>
                <td>{d.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** A line chart (the points history): SVG with a title and description, and its table. */
export function LineChart(props: ChartProps) {
  const id = useId();
  const points = linePoints(props.data, BOX);
  const bottom = BOX.height - BOX.padding;
  return (
    <figure className="stats-chart" data-testid={props.testId}>
      <svg
        className="stats-chart__svg"
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{props.title}</title>
        <desc id={`${id}-desc`}>{props.description}</desc>
        <line
          className="stats-chart__axis"
          x1={BOX.padding}
          y1={bottom}
          x2={BOX.width - BOX.padding}
          y2={bottom}
        />
        <polyline className="stats-chart__line" points={points.map((p) => `${p.x},${p.y}`).join(' ')} />
        {points.map((p, i) => (
          <circle key={props.data[i]!.key} className="stats-chart__dot" cx={p.x} cy={p.y} r={3} />
        ))}
      </svg>
      <figcaption className="stats-chart__caption">{props.description}</figcaption>
      <ChartTable {...props} caption={props.title} />
    </figure>
  );
}

/** Horizontal bars, one row per label (labels above the bars, so long names fit at 320 px). */
export function BarChart(props: ChartProps) {
  const id = useId();
  const rowHeight = 30;
  const height = props.data.length * rowHeight + 4;
  const widths = barWidths(props.data, BOX.width - 40);
  return (
    <figure className="stats-chart" data-testid={props.testId}>
      <svg
        className="stats-chart__svg"
        viewBox={`0 0 ${BOX.width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{props.title}</title>
        <desc id={`${id}-desc`}>{props.description}</desc>
        {props.data.map((d, i) => (
          <g key={d.key} transform={`translate(0 ${i * rowHeight})`}>
            <text className="stats-chart__label" x={0} y={11}>
              {d.label}
            </text>
            <rect className="stats-chart__bar" x={0} y={15} width={widths[i]} height={10} rx={2} />
            <text className="stats-chart__value" x={(widths[i] ?? 0) + 4} y={24}>
              {d.value}
            </text>
          </g>
        ))}
      </svg>
      <ChartTable {...props} caption={props.title} />
    </figure>
  );
}
