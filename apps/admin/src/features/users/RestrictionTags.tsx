import { Tag } from 'antd';
import type { Restriction } from '@brokerage/contract';
import { emptyText, restrictionLabels } from '../../lib/format';

export function RestrictionTags({ restrictions }: { restrictions: readonly Restriction[] }) {
  if (restrictions.length === 0) return <>{emptyText}</>;
  return (
    <>
      {restrictions.map((restriction) => (
        <Tag key={restriction} color="red" data-testid={`restriction-${restriction}`}>
          {restrictionLabels[restriction]}
        </Tag>
      ))}
    </>
  );
}
