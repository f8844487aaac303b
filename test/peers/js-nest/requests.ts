import type { JsonObject } from '@bufbuild/protobuf';

/** An order that sets every kind of field the shop's protos have, as a user types it (canonical JSON). */
export const fullOrder: JsonObject = {
  orderId: 'o-1',
  customerId: '18446744073709551615',
  items: [
    {
      sku: 'A-1',
      quantity: 2,
      unitPrice: { currencyCode: 'EUR', units: '-3', nanos: -500000000 },
      availability: 'BACKORDER',
    },
    { sku: 'B-2', quantity: 0 },
  ],
  itemsBySku: { 'A-1': { sku: 'A-1', quantity: 2 }, '': {} },
  notesByTime: { '-5': 'early', '1700000000000': 'late' },
  statusByWarehouse: { north: 'STATUS_PAID', south: 'STATUS_UNSPECIFIED' },
  shippingAddress: {
    kind: 'PICKUP_POINT',
    lines: ['1 Main St', 'Floor 2'],
    countryCode: 'DE',
    location: { latitude: 52.5, longitude: -13.25 },
  },
  createdAt: '2023-11-14T22:13:20.123Z',
  deliveryWindow: '3600.500s',
  couponCode: 'SAVE10',
  loyaltyPoints: '-42',
  card: { holderName: 'Ada', last4: '4242', expiryMonth: 12, expiryYear: 2030 },
  giftMessage: '',
  trackingNumbers: ['1', '-2', '9007199254740993'],
  addressKinds: { '7': 'HOME', '18446744073709551615': 'BUSINESS' },
  dropPoint: { latitude: 1.5 },
  signature: '3q2+7w==',
};

/** Requests for every method of the peer, by `Service/Method`; each streaming method gets several. */
export const nestRequests: Record<string, JsonObject[]> = {
  'shop.orders.v1.OrderService/SubmitOrder': [fullOrder],
  'shop.orders.v1.OrderService/ListOrders': [
    { customerId: '42', page: { pageSize: 3 }, statuses: ['STATUS_PAID', 'STATUS_SHIPPED'] },
  ],
  'shop.orders.v1.OrderService/ImportOrders': [
    fullOrder,
    {
      orderId: 'o-2',
      customerId: '7',
      status: 'STATUS_CANCELLED',
      createdAt: '2024-02-29T00:00:00Z',
      voucherCode: 'V-9',
      items: [{ sku: 'C', quantity: 5 }],
    },
    {
      orderId: 'o-3',
      customerId: '7',
      storeCredit: { currencyCode: 'USD', units: '10' },
      items: [{ sku: 'D' }],
    },
  ],
  'shop.orders.v1.OrderService/TrackOrders': [
    { orderId: 'o-1', pollInterval: '1.5s' },
    { orderId: 'o-2', pollInterval: '-2s' },
    { orderId: 'o-3' },
  ],
  'shop.orders.v1.OrderService/Ping': [{}],
  'shop.catalog.v1.CatalogService/GetProduct': [{ sku: 'sku-7' }],
};
