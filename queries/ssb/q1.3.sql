-- Q1.3: Revenue a discount cut would have brought: week 6 of 1994, discount 5-7, quantity 26-35
select sum(lo_extendedprice*lo_discount) as revenue
from lineorder
join dim_date on lo_orderdatekey = d_datekey
where d_weeknuminyear = 6 and d_year = 1994 and lo_discount between 5 and 7 and lo_quantity between 26 and 35;
