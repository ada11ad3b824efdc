#!/usr/bin/env python3
"""Writes catalogue.json: a 301-row price list in 6 sections (the last row taller than a page),
deterministic (seed 7).
Run it again to re-create the committed file: python3 generate.py > catalogue.json"""
import json
import random

rng = random.Random(7)
SECTIONS = {
    "Coffee": ["Espresso", "Ristretto", "Lungo", "Americano", "Flat White", "Cortado", "Cappuccino", "Latte", "Mocha", "Macchiato"],
    "Tea": ["Sencha", "Gyokuro", "Darjeeling", "Assam", "Earl Grey", "Rooibos", "Chamomile", "Oolong", "Pu-erh", "Matcha"],
    "Pastries": ["Croissant", "Pain au chocolat", "Cinnamon roll", "Kouign-amann", "Madeleine", "Canelé", "Scone", "Brioche", "Danish", "Éclair"],
    "Sandwiches": ["Jambon-beurre", "Croque monsieur", "Bánh mì", "Reuben", "Caprese", "Club", "Katsu sando", "Falafel wrap", "BLT", "Cubano"],
    "Beans": ["Yirgacheffe", "Sidamo", "Huila", "Antigua", "Tarrazú", "Kona", "Sumatra Mandheling", "Bourbon Santos", "Kenya AA", "Geisha"],
    "Equipment": ["Pour-over cone", "Gooseneck kettle", "Burr grinder", "French press", "AeroPress", "Moka pot", "Scale", "Milk jug", "Tamper", "Siphon"],
}
ORIGINS = ["Ethiopia", "Colombia", "Guatemala", "Costa Rica", "Kenya", "Japan", "India", "France", "Brazil", "Vietnam"]
NOTES = ["bright and floral", "chocolate and hazelnut", "stone fruit and honey", "toasted almond", "bergamot and citrus",
         "caramel, long finish", "berries and cocoa nib", "buttery, flaky layers", "slow-fermented dough", "hand-made daily"]

sections = []
for name, products in SECTIONS.items():
    items = []
    for index in range(50):
        product = products[index % len(products)]
        variant = ["", " (small)", " (large)", " — house blend", " — single origin"][index // 10]
        price = f"€{rng.randint(2, 60)}.{rng.choice(['00', '50', '90', '25'])}"
        item_id = f"{name.lower()}-{index + 1}"
        if index % 5 == 0:
            items.append({"id": item_id, "template": "subtitle", "values": {
                "title": f"{product}{variant}  ·  {price}",
                "subtitle": f"{rng.choice(ORIGINS)}; {rng.choice(NOTES)}."}})
        else:
            items.append({"id": item_id, "template": "value1", "values": {"title": product + variant, "detail": price}})
    if name == "Equipment":
        # A row taller than an A4 page: it goes on over the next pages, cut between lines.
        clauses = [f"{number}. {rng.choice(products)}: covered for {rng.randint(1, 5)} years against defects in "
                   f"materials and workmanship; {rng.choice(NOTES)} finishes excepted." for number in range(1, 61)]
        items.append({"id": "equipment-warranty", "template": "subtitle", "values": {
            "title": "Warranty terms for all equipment", "subtitle": "\n".join(clauses)}})
    sections.append({"id": name.lower(), "header": name, "items": items,
                     "footer": f"Prices include VAT. {name} are available while stocks last."})

print(json.dumps({"title": "Café Catalogue — Winter Prices", "theme": "print", "style": "plain", "page": "a4",
                  "sections": sections}, ensure_ascii=False, indent=1))
