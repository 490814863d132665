import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { InventoryItem } from '@/domain/inventory';
import {
  decodeCsvBytes,
  detectDecimalSeparator,
  inventoryExportFileName,
  inventoryFieldForHeader,
  inventoryToCsv,
  mapInventoryCsv,
  parseDecimal,
  parseMaintenanceType,
  validateInventoryImport,
} from '@/domain/inventory-csv';
import { inventoryToXlsx } from '@/domain/inventory-xlsx';

/** The device's path: bytes → text → papaparse → mapping. */
function parse(text: string | Uint8Array) {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const parsed = Papa.parse<string[]>(decodeCsvBytes(bytes));
  return mapInventoryCsv(parsed.data, { delimiter: parsed.meta.delimiter });
}

function item(extra: Partial<InventoryItem>): InventoryItem {
  return {
    id: '01960000-0000-7000-8000-000000000001',
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    createdBy: null,
    updatedAt: '2026-01-02T00:00:00.000Z',
    updatedBy: null,
    deletedAt: null,
    name: 'Part',
    maker: null,
    type: null,
    quantity: 0,
    price: null,
    notes: null,
    tags: [],
    photo: null,
    location: null,
    minQuantity: 0,
    maintenanceType: null,
    ...extra,
  };
}

describe('parseDecimal', () => {
  it.each([
    ['1.234,56', ',', 1234.56],
    ['1.234,56', '.', 1234.56],
    ['1,234.56', ',', 1234.56],
    ['12,50', '.', 12.5],
    ['12.5', ',', 12.5],
    ['1.234', ',', 1234],
    ['1.234', '.', 1.234],
    ['1,234', '.', 1234],
    ['1,234', ',', 1.234],
    ['1.234.567', '.', 1234567],
    ['1 234,50', ',', 1234.5],
    ['12,50 €', ',', 12.5],
    ['EUR 7', '.', 7],
    ['-3', '.', -3],
    ['0', '.', 0],
  ] as const)('%s with %s → %s', (text, preferred, expected) => {
    expect(parseDecimal(text, preferred)).toBe(expected);
  });

  it.each(['', 'abc', 'drei', '1,23,4', '12.34.5', '1e5', '--1'])('%j is not a number', (text) => {
    expect(parseDecimal(text)).toBeNull();
  });

  it('detects the file decimal separator from the values, else from the delimiter', () => {
    expect(detectDecimalSeparator(['12,50', '3', '1.234,00'])).toBe(',');
    expect(detectDecimalSeparator(['12.50', '3'], ';')).toBe('.');
    expect(detectDecimalSeparator(['3', '4'], ';')).toBe(',');
    expect(detectDecimalSeparator(['3', '4'], ',')).toBe('.');
  });
});

describe('headers', () => {
  it('maps the spec columns and their German, Bulgarian and Greek names', () => {
    expect(
      ['name', 'Description', 'QUANTITY', 'price', 'category', 'location', 'supplier'].map(
        inventoryFieldForHeader,
      ),
    ).toEqual(['name', 'notes', 'quantity', 'price', 'type', 'location', 'maker']);
    expect(
      ['Bezeichnung', 'Menge', 'Preis (€)', 'Lieferant', 'Lagerort'].map(inventoryFieldForHeader),
    ).toEqual(['name', 'quantity', 'price', 'maker', 'location']);
    expect(['Име', 'Количество', 'Цена', 'Доставчик'].map(inventoryFieldForHeader)).toEqual([
      'name',
      'quantity',
      'price',
      'maker',
    ]);
    expect(['ΟΝΟΜΑ', 'Ποσότητα', 'Τιμή', 'Προμηθευτής'].map(inventoryFieldForHeader)).toEqual([
      'name',
      'quantity',
      'price',
      'maker',
    ]);
    expect(
      ['min_quantity', 'Maintenance type', 'Tags', 'Mindestbestand'].map(inventoryFieldForHeader),
    ).toEqual(['minQuantity', 'maintenanceType', 'tags', 'minQuantity']);
    expect(inventoryFieldForHeader('Colour')).toBeNull();
  });

  it('reads a file without a header in the spec column order', () => {
    const mapped = parse(
      'Ölfilter,Motor,3,12.5,Filter,Regal A,Mann+Hummel\nLuftfilter,,1,80,Filter,,Donaldson\n',
    );
    expect(mapped.hasHeader).toBe(false);
    expect(mapped.rows).toEqual([
      {
        row: 1,
        name: 'Ölfilter',
        notes: 'Motor',
        quantity: 3,
        price: 12.5,
        type: 'Filter',
        location: 'Regal A',
        maker: 'Mann+Hummel',
      },
      { row: 2, name: 'Luftfilter', quantity: 1, price: 80, type: 'Filter', maker: 'Donaldson' },
    ]);
  });

  it('takes columns in any order, ignores unknown ones and reports a missing name column', () => {
    const mapped = parse('Colour,Supplier,Name,Qty\nred,Hydac,Filter,2\n');
    expect(mapped.columns).toEqual([null, 'maker', 'name', 'quantity']);
    expect(mapped.ignoredColumns).toEqual(['Colour']);
    expect(mapped.missingColumns).toEqual([]);
    expect(mapped.rows).toEqual([{ row: 2, maker: 'Hydac', name: 'Filter', quantity: 2 }]);
    expect(parse('quantity,price\n1,2\n').missingColumns).toEqual(['name']);
  });
});

describe('`;`, BOM and decimal commas', () => {
  it('imports a German Excel file: BOM, `;`, "1.234,56", blank lines keep row numbers', () => {
    const text =
      '\uFEFFName;Beschreibung;Menge;Preis;Kategorie;Lagerort;Lieferant\r\n' +
      'Zahn für Tieflöffel;„Z 30“;1.200;1.234,56;Verschleißteil;Außenlager;Liebherr\r\n' +
      '\r\n' +
      'Φίλτρο αέρα;Въздушен филтър;3;12,5;Filter;;Volvo\r\n';
    const mapped = parse(text);
    expect(mapped).toMatchObject({ hasHeader: true, decimalSeparator: ',', ignoredColumns: [] });
    expect(mapped.rows).toEqual([
      {
        row: 2,
        name: 'Zahn für Tieflöffel',
        notes: '„Z 30“',
        quantity: 1200,
        price: 1234.56,
        type: 'Verschleißteil',
        location: 'Außenlager',
        maker: 'Liebherr',
      },
      {
        row: 4,
        name: 'Φίλτρο αέρα',
        notes: 'Въздушен филтър',
        quantity: 3,
        price: 12.5,
        type: 'Filter',
        maker: 'Volvo',
      },
    ]);
    expect(validateInventoryImport(mapped.rows).errors).toEqual([]);
  });

  it('reads UTF-8 with and without BOM, and ANSI (Windows-1252) as written by Excel', () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('name\nÖl')]);
    expect(decodeCsvBytes(withBom)).toBe('name\nÖl');
    expect(decodeCsvBytes(new TextEncoder().encode('name\nÖl'))).toBe('name\nÖl');
    // "Öl" in Windows-1252: Ö = 0xD6.
    expect(decodeCsvBytes(new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xd6, 0x6c]))).toBe('name\nÖl');
  });

  it('keeps a BOM out of the first header even when the parser leaves it', () => {
    const mapped = mapInventoryCsv(
      [
        ['\uFEFFname', 'price'],
        ['Filter', '1,5'],
      ],
      { delimiter: ';' },
    );
    expect(mapped.rows).toEqual([{ row: 2, name: 'Filter', price: 1.5 }]);
  });
});

describe('validateInventoryImport', () => {
  it('lists each bad row with its number and every reason', () => {
    const { valid, errors } = validateInventoryImport([
      { row: 2, name: 'Bolzen', quantity: 2, price: 19.9, tags: ['Löffel', 'löffel'] },
      { row: 3, quantity: 1 },
      { row: 4, name: 'Buchse', quantity: -1, price: -3 },
      { row: 5, name: 'Ring', quantity: 'drei', price: '1,5' },
      { row: 6, name: 'Schlauch', maintenanceType: 'In progress', minQuantity: 2 },
      { row: 7, name: 'Dichtung', maintenanceType: 'weekly' },
    ]);
    expect(errors).toEqual([
      { row: 3, reason: 'Name is required' },
      { row: 4, reason: 'Quantity must be non-negative; Price must be non-negative' },
      { row: 5, reason: 'Quantity must be a number' },
      {
        row: 7,
        reason: 'Maintenance type must be one of: routine, preventive, emergency, inspection, in_progress',
      },
    ]);
    expect(valid).toEqual([
      { row: 2, fields: { name: 'Bolzen', quantity: 2, price: 19.9, tags: ['Löffel'] } },
      { row: 6, fields: { name: 'Schlauch', minQuantity: 2, maintenanceType: 'in_progress' } },
    ]);
  });

  it('numbers rows by position when the device sends none', () => {
    expect(validateInventoryImport([{ name: 'a' }, { name: '' }]).errors).toEqual([
      { row: 2, reason: 'Name is required' },
    ]);
  });

  it('reads maintenance types written as words', () => {
    expect(
      ['In progress', 'in-progress', 'Inspektion', 'Vorbeugend', 'ROUTINE'].map(parseMaintenanceType),
    ).toEqual(['in_progress', 'in_progress', 'inspection', 'preventive', 'routine']);
  });
});

describe('export', () => {
  const items = [
    item({
      name: 'Ölfilter „Premium“',
      maker: 'Mann+Hummel',
      quantity: 3,
      price: 1234.5,
      notes: 'Zeile 1\nZeile 2',
      tags: ['Filter', 'Motor'],
      maintenanceType: 'routine',
    }),
    item({ name: 'Маслен филтър', notes: 'Склад, "Север"', price: 0.5 }),
    item({ name: 'Φίλτρο', notes: '=HYPERLINK("x")', location: ' Regal ', maker: 'a<b' }),
  ];

  it('writes a BOM, CRLF, quoted cells and escaped formulas', () => {
    const csv = inventoryToCsv(items);
    expect(csv.startsWith('\uFEFFname,description,quantity,price,category,location,supplier,tags,')).toBe(
      true,
    );
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe(
      'Ölfilter „Premium“,"Zeile 1\nZeile 2",3,1234.50,,,Mann+Hummel,"Filter, Motor",0,routine,,01960000-0000-7000-8000-000000000001,2026-01-02T00:00:00.000Z',
    );
    expect(csv).toContain('Маслен филтър,"Склад, ""Север""",0,0.50,');
    expect(csv).toContain(`Φίλτρο,"'=HYPERLINK(""x"")",0,,," Regal ",`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('reads its own CSV back with the import mapping, in both separators', () => {
    for (const delimiter of [',', ';'] as const) {
      const mapped = parse(inventoryToCsv(items, { delimiter }));
      expect(mapped.hasHeader).toBe(true);
      expect(mapped.rows.map((r) => [r.name, r.notes, r.price, r.quantity, r.tags ?? []])).toEqual([
        ['Ölfilter „Premium“', 'Zeile 1\nZeile 2', 1234.5, 3, ['Filter', 'Motor']],
        ['Маслен филтър', 'Склад, "Север"', 0.5, 0, []],
        ['Φίλτρο', '=HYPERLINK("x")', undefined, 0, []],
      ]);
    }
    expect(inventoryToCsv(items, { delimiter: ';' })).toContain(';1234,50;');
  });

  it('builds an xlsx whose sheet keeps Unicode text and numbers', async () => {
    const blob = await inventoryToXlsx(items);
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const shared = strFromU8(files['xl/sharedStrings.xml']!);
    for (const text of ['Ölfilter „Premium“', 'Маслен филтър', 'Φίλτρο', 'Склад, "Север"', 'a&lt;b']) {
      expect(shared).toContain(text);
    }
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toMatch(/<c r="C2"[^>]*><v>3<\/v><\/c><c r="D2"[^>]*><v>1234.5<\/v><\/c>/);
  });

  it('names the file by date', () => {
    expect(inventoryExportFileName('xlsx', new Date('2026-05-14T10:00:00Z'))).toBe(
      'inventory-2026-05-14.xlsx',
    );
  });
});
