/** Real name (kyc): the submitted name, the full ID number and both sides of the document. */
import { Descriptions, Space, Typography } from 'antd';
import { formatText } from '../../../lib/format';
import { safeImageUrl } from '../review-details';
import { ReviewImage } from '../ReviewImage';
import { Copyable, Section, type DetailsProps, type QueueView } from './parts';

function KycDetails({ item: { details }, images }: DetailsProps<'kyc'>) {
  const frontImageUrl = safeImageUrl(details.frontImageUrl);
  const backImageUrl = safeImageUrl(details.backImageUrl);
  return (
    <Section title="Identity">
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'name',
            label: 'Name',
            children: <span data-testid="review-kyc-name">{formatText(details.name)}</span>,
          },
          {
            key: 'idNumber',
            label: 'ID number (full)',
            children: <Copyable value={details.idNumber} testId="review-kyc-id-number" />,
          },
        ]}
      />
      <Space size="large" wrap style={{ marginTop: 16 }} align="start">
        <figure style={{ margin: 0 }}>
          <figcaption>
            <Typography.Text type="secondary">Front of the ID</Typography.Text>
          </figcaption>
          <ReviewImage
            url={frontImageUrl}
            alt="Front of the ID document"
            testId="review-image-front"
            isBroken={frontImageUrl !== null && images.brokenUrls.has(frontImageUrl)}
            onBroken={images.onBroken}
            onReload={images.onReload}
          />
        </figure>
        <figure style={{ margin: 0 }}>
          <figcaption>
            <Typography.Text type="secondary">Back of the ID</Typography.Text>
          </figcaption>
          <ReviewImage
            url={backImageUrl}
            alt="Back of the ID document"
            testId="review-image-back"
            isBroken={backImageUrl !== null && images.brokenUrls.has(backImageUrl)}
            onBroken={images.onBroken}
            onReload={images.onReload}
          />
        </figure>
      </Space>
    </Section>
  );
}

export const kycView: QueueView<'kyc'> = {
  Details: KycDetails,
  approveEffect: (item) => `The user becomes verified under the name "${item.details.name}".`,
  rejectEffect: 'The user sees your reason and can submit again.',
};
