-- Q1.2: Revenue a discount cut would have brought: January 1994, discount 4-6, quantity 26-35
-- The seed's text filters on d_yearmonth = 199401, which compares the 'Jan1994'-style
-- month name with a number and keeps no row; the benchmark means d_yearmonthnum.
select sum(lo_extendedprice*lo_discount) as revenue
from lineorder
join dim_date on lo_orderdatekey = d_datekey
where d_yearmonthnum = 199401 and lo_discount between 4 and 6 and lo_quantity between 26 and 35;
