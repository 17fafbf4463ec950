import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import './way-forward.css';

export interface WayOut {
  label: string;
  to: string;
  testId: string;
}

/**
 * A dead end turned into a choice (issue 16 item 3): what is missing and where to go from here,
 * the first way as the main button. Never a skeleton that waits for nothing.
 */
export function WayForward({
  icon,
  title,
  text,
  ways,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  ways: readonly WayOut[];
  testId: string;
}) {
  const navigate = useNavigate();
  return (
    <section className="card placeholder-card way-forward" data-testid={testId} aria-labelledby={`${testId}-title`}>
      {icon}
      <h2 id={`${testId}-title`}>{title}</h2>
      <p className="muted">{text}</p>
      <div className="way-forward-actions">
        {ways.map((way, index) => (
          <Button
            key={way.to}
            block
            color="primary"
            fill={index === 0 ? 'solid' : 'outline'}
            onClick={() => navigate(way.to)}
            data-testid={way.testId}
          >
            {way.label}
          </Button>
        ))}
      </div>
    </section>
  );
}
