/**
 * An uploaded image of a review item (ID photos, deposit proof): a thumbnail that zooms on click (antd
 * Image preview). The links are signed and expire after 15 minutes (docs/api.md §17, §19.3); the server then
 * answers 403, which the browser reports only as a load error. So a load error asks the drawer for fresh
 * links (`onBroken`), and the drawer decides whether to read the detail again or show the failure.
 */
import { Button, Image, Space, Typography } from 'antd';
import { emptyText } from '../../lib/format';

export interface ReviewImageProps {
  url: string | null;
  alt: string;
  testId: string;
  /** True when this link failed and the drawer did not fetch a fresh one (e.g. it already tried just now). */
  isBroken: boolean;
  onBroken: (url: string) => void;
  onReload: () => void;
  width?: number;
  /** Tall images (phone screenshots of a transfer) are shown whole inside width × maxHeight. */
  maxHeight?: number;
}

export function ReviewImage({
  url,
  alt,
  testId,
  isBroken,
  onBroken,
  onReload,
  width = 260,
  maxHeight = 220,
}: ReviewImageProps) {
  if (!url) return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  return (
    <Space orientation="vertical" size={4}>
      <Image
        // A new link is a new image: start again from "loading" rather than the old error state.
        key={url}
        src={url}
        alt={alt}
        width={width}
        style={{ objectFit: 'contain', background: '#fafafa', minHeight: 60, maxHeight, border: '1px solid #f0f0f0' }}
        data-testid={testId}
        onError={() => onBroken(url)}
      />
      {isBroken ? (
        <Space size={4} data-testid={`${testId}-broken`}>
          <Typography.Text type="danger">The image could not be loaded.</Typography.Text>
          <Button size="small" onClick={onReload}>
            Reload
          </Button>
        </Space>
      ) : null}
    </Space>
  );
}
