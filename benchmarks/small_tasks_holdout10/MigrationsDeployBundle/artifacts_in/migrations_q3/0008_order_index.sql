CREATE INDEX idx_orders_date ON orders(date);
