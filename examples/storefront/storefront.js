// A storefront on its own address, calling Ateliermarkt's shop API from the browser (docs/storefront.md).
// The back-office must list this page's origin in SHOP_ORIGINS, or the browser refuses every call.
const api =
  new URLSearchParams(location.search).get('api') ?? document.querySelector('meta[name="ateliermarkt-api"]').content;
const $ = (selector) => document.querySelector(selector);
const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** One call to the shop API; a refusal becomes an Error with the API's Dutch message. */
async function shopApi(path, init = {}) {
  const response = await fetch(`${api}/api/shop${path}`, {
    ...init,
    headers: {
      accept: 'application/json',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  if (response.status === 204) return null;
  const body = await response.json();
  if (!response.ok) throw new Error(body?.error?.message ?? `Fout ${response.status}`);
  return body;
}

function say(element, text, isError = false) {
  element.textContent = text;
  element.classList.toggle('error', isError);
}

async function showProducts() {
  const { items } = await shopApi('/products?pageSize=12');
  const list = $('#products');
  const select = $('#order select[name="productId"]');
  for (const product of items.filter((p) => !p.isSold)) {
    const item = document.createElement('li');
    if (product.image) {
      const img = document.createElement('img');
      img.src = product.image.fileMedium;
      img.alt = product.name;
      img.loading = 'lazy';
      item.append(img);
    }
    const name = document.createElement('h3');
    name.textContent = product.name;
    const price = document.createElement('p');
    price.textContent = `${euro.format(product.price)} · ${product.workspace?.name ?? ''}`;
    item.append(name, price);
    list.append(item);
    const option = new Option(`${product.name} (${euro.format(product.price)})`, product.id);
    select.append(option);
  }
  say($('#status'), `${list.children.length} producten geladen.`);
  await showDeliveryMethods(select.value);
  select.addEventListener('change', () => showDeliveryMethods(select.value));
}

async function showDeliveryMethods(productId) {
  const select = $('#order select[name="deliveryMethodId"]');
  select.replaceChildren();
  if (!productId) return;
  const product = await shopApi(`/products/${productId}`);
  for (const method of product.deliveryMethods)
    select.append(new Option(`${method.name} (${euro.format(method.price)})`, String(method.id)));
}

$('#order').addEventListener('submit', async (event) => {
  event.preventDefault();
  const element = event.currentTarget;
  const form = new FormData(element);
  const field = (name) => String(form.get(name) ?? '').trim();
  const result = $('#order-result');
  element.dataset.key ??= crypto.randomUUID();
  try {
    const order = await shopApi('/reservations', {
      method: 'POST',
      // One key per order the shopper means to place: a retry after a lost answer does not order twice.
      headers: { 'idempotency-key': element.dataset.key },
      body: JSON.stringify({
        name: field('name'),
        email: field('email'),
        street: field('street'),
        streetNumber: field('streetNumber'),
        zipCode: field('zipCode'),
        city: field('city'),
        deliveryMethodId: Number(field('deliveryMethodId')),
        products: [{ productId: field('productId'), quantity: 1 }],
      }),
    });
    delete element.dataset.key;
    result.replaceChildren(`Reservering ${order.orderNumber} is geplaatst.`);
    if (order.customerUrl) {
      const link = document.createElement('a');
      link.href = order.customerUrl;
      link.textContent = 'Bekijk je reservering';
      result.append(' ', link);
    }
    result.classList.remove('error');
  } catch (error) {
    say(result, `Reserveren lukte niet: ${error.message}`, true);
  }
});

$('#newsletter').addEventListener('submit', async (event) => {
  event.preventDefault();
  const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
  try {
    await shopApi('/newsletter', { method: 'POST', body: JSON.stringify({ email }) });
    say($('#newsletter-result'), 'Je bent aangemeld voor de nieuwsbrief.');
  } catch (error) {
    say($('#newsletter-result'), `Aanmelden lukte niet: ${error.message}`, true);
  }
});

showProducts().catch((error) => say($('#status'), `De winkel kon niet laden: ${error.message}`, true));
