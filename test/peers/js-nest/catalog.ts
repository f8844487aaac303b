import type { sendUnaryData, ServerUnaryCall, UntypedServiceImplementation } from '@grpc/grpc-js';
import type { MessageShape } from './message-shape';
import type { Plain } from './orders';

/** shop.catalog.v1.CatalogService: a product derived from the SKU asked for. */
export function catalogService({ name, map }: MessageShape): UntypedServiceImplementation {
  return {
    GetProduct: (call: ServerUnaryCall<Plain, Plain>, callback: sendUnaryData<Plain>) => {
      const sku = String(call.request[name('sku')] ?? '');
      const euros = (units: string, nanos: number): Plain => ({
        [name('currency_code')]: 'EUR',
        units,
        nanos,
      });
      callback(null, {
        sku,
        title: `Product ${sku}`,
        price: euros('19', 990_000_000),
        [name('regional_prices')]: map({
          'eu-west': euros('19', 990_000_000),
          'us-east': euros('-1', -500_000_000),
        }),
        availability: sku.length % 2 === 0 ? 'IN_STOCK' : 'BACKORDER',
        [name('listed_at')]: { seconds: '1700000000', nanos: 5 },
        tags: [sku, 'nest'],
        variants: map({
          large: {
            name: 'large',
            [name('stock_delta')]: '-3',
            barcode: '18446744073709551615',
            [name('weight_kg')]: 1.25,
          },
          small: {
            name: 'small',
            [name('stock_delta')]: '9007199254740993',
            barcode: '0',
            [name('weight_kg')]: 0.1,
          },
        }),
      });
    },
  };
}
